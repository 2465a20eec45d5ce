/**
 * The name a user gave a file, safe to store and show: no directories ("../../x.png" -> "x.png"),
 * no control or markup characters, at most 255 characters. Never used as a path on disk: files
 * are stored under server-chosen names.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  return clean.slice(-255) || 'imagem';
}
