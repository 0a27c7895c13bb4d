import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a deadline, ticking once a second. Measured against Date.now() rather
 * than counted, so a backgrounded tab (throttled timers) still ends on time; both are faked
 * together by test clocks.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const deadline = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const start = useCallback((seconds: number) => {
    clearInterval(timer.current);
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(Math.max(0, Math.ceil(seconds)));
    if (seconds <= 0) return;
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer.current);
    }, 1000);
  }, []);

  useEffect(
    () => () => {
      clearInterval(timer.current);
    },
    [],
  );

  return { remaining, start };
}
