import { useEffect, useState } from 'react';

const MIN_HEIGHT = 384;

/**
 * The height that takes an element from where it starts down to the bottom of the window,
 * less `bottomGap`: the two panes fill the screen whatever sits above them (the verification
 * banner comes and goes), so the reply box stays in view. Answers [the element's ref setter, the height].
 */
export function useHeightToWindowBottom(bottomGap: number) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      // The visual viewport shrinks when a phone's keyboard opens (innerHeight does not on iOS):
      // measuring it keeps the composer above the keyboard.
      const visible = window.visualViewport?.height ?? window.innerHeight;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(visible - top - bottomGap)));
    };
    const frame = requestAnimationFrame(measure);
    // What sits above changes the body's size; the window's own size changes on rotation.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    window.visualViewport?.addEventListener('resize', measure);
    return () => {
      window.visualViewport?.removeEventListener('resize', measure);
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, bottomGap]);
  return [setElement, height] as const;
}
