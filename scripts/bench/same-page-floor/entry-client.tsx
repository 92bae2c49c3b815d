import { type ChangeEvent, createElement, type FormEvent, type ReactNode, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import type { FormNode } from "../same-page-floor";

/** Written in at build time by scripts/bench/same-page-floor.ts: the site's form host and form. */
declare const __FORM_HOST__: string;
declare const __FORM_TREE__: FormNode;

/**
 * The site's form as served, created element for element, and the least React that owns it: its
 * email field's value in React's state, its submit prevented. Nothing else: no copy, no checks.
 */
function FormTree({ tree }: { tree: FormNode }) {
  const [email, setEmail] = useState("");
  const create = (node: FormNode | string): ReactNode => {
    if (typeof node === "string") return node;
    const isField = node.tag === "input" && node.props.type === "email";
    const own = isField
      ? {
          value: email,
          onChange: (event: ChangeEvent<HTMLInputElement>) => setEmail(event.target.value),
        }
      : node === tree
        ? { onSubmit: (event: FormEvent) => event.preventDefault() }
        : {};
    return createElement(node.tag, { ...node.props, ...own }, ...node.children.map(create));
  };
  return create(tree);
}

// One root for the form alone, as the site's form island has. Started after the first paint, the
// module may still run before the parse has reached the form's end: then it waits for it.
const hydrate = () =>
  hydrateRoot(
    document.querySelector(__FORM_HOST__) as HTMLElement,
    <FormTree tree={__FORM_TREE__} />,
  );
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrate);
else hydrate();
