import type { FormAnswer } from "@common/form-answer";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * A fetcher for one account form; `onResult` runs once per answer from the server (so a toast is
 * shown once, even when the component re-renders).
 */
export function useAccountForm(key: string, onResult: (result: FormAnswer) => void) {
  const fetcher = useFetcher<FormAnswer>({ key });
  const handled = useRef<FormAnswer | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  return { fetcher, busy: fetcher.state !== "idle" };
}
