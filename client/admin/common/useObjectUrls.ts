import { useEffect, useMemo, useState } from 'react';

/** Preview URLs for local files, in the same order; released when the list changes or the component goes. */
export function useObjectUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState(() => new Map<File, string>());
  useEffect(() => {
    const map = new Map(files.map((f) => [f, URL.createObjectURL(f)]));
    setUrls(map);
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return files.map((f) => urls.get(f) ?? '');
}

/** The preview URL of one chosen file (null when there is none or it is not ready yet). */
export function useObjectUrl(file: File | null): string | null {
  const [url] = useObjectUrls(useMemo(() => (file ? [file] : []), [file]));
  return url || null;
}
