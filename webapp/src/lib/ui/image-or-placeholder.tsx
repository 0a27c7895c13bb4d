import { useEffect, useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/**
 * A picture that gives way to `placeholder` when it cannot load (offline and never saved, gone
 * from the server): a neat box, never the browser's broken-image icon. Back online, it tries
 * again.
 */
export function ImageOrPlaceholder({
  placeholder,
  alt,
  ...picture
}: ImgHTMLAttributes<HTMLImageElement> & { alt: string; placeholder: ReactNode }) {
  const src = picture.src ?? '';
  // The address that failed: a new address is tried at once.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (failed === null) return undefined;
    const retry = () => {
      setFailed(null);
    };
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
    };
  }, [failed]);
  if (failed === src) return placeholder;
  return (
    <img
      {...picture}
      alt={alt}
      onError={() => {
        setFailed(src);
      }}
    />
  );
}
