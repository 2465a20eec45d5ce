import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

/** The height of `rows` lines of text in a Mantine input: the lines, its padding and its border. */
const linesHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale))`;

/**
 * A textarea that grows with its text from `minRows` lines to `maxRows` (without a limit when
 * `maxRows` is not given), then scrolls. The browser sizes it (CSS `field-sizing: content`);
 * one without that shows `minRows` lines, scrolls, and lets the owner drag the field taller.
 *
 * Mantine's `autosize` did it in script: it measured the text with a hidden copy of the field when
 * the field mounted and on every key, each time forcing a style and layout pass of the whole page
 * before the browser could paint. On the admin's 'Produtos' with 20,000 products (Chromium, a
 * 2-core server, 2026-11-29) that measuring was 180 ms of script in the first render's CPU
 * profile, and the first rows came about 100 ms sooner without it (five runs each).
 */
export function GrowingTextarea({
  minRows,
  maxRows,
  inputStyle,
  ...props
}: Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'classNames' | 'styles'> & {
  minRows: number;
  maxRows?: number;
  /** More style for the field itself (its font, say). */
  inputStyle?: CSSProperties;
}) {
  const heights = { minHeight: linesHeight(minRows), ...(maxRows ? { maxHeight: linesHeight(maxRows) } : {}) };
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} styles={{ input: { ...inputStyle, ...heights } }} />;
}
