import { useEffect, useState } from "react";

/**
 * The year for the copyright line. Prerendered HTML carries the build year and hydration uses the
 * same value, so they always match; the browser then moves it on if the page outlived New Year.
 */
export function useCurrentYear(): number {
  const [year, setYear] = useState(__BUILD_YEAR__);
  useEffect(() => {
    setYear(new Date().getFullYear());
  }, []);
  return year;
}
