import { useState } from "react";

/**
 * The React floor's one interactive part: a labelled email field and a button, React's state and
 * nothing else. Rendered to HTML by scripts/bench/react-floor.ts and hydrated by entry-client.tsx.
 */
export function FloorForm() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  return (
    <main>
      <h1>React floor</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSent(true);
        }}
      >
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit">{sent ? "Sent" : "Send"}</button>
      </form>
    </main>
  );
}
