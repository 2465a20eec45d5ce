import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

/** The height of `rows` lines of text in a Mantine input: the lines, its padding and its border. */
const linesHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale))`;

/**
 * A textarea that grows with its text from `minRows` to `maxRows` lines (without a limit when
 * `maxRows` is not given), then scrolls: by CSS
 * (`field-sizing: content`) where the browser has it; elsewhere it keeps `minRows` lines and scrolls.
 * Mantine's `autosize` measured the text with a hidden copy of the field when it mounted and on
 * every key, each time a synchronous style and layout pass of the whole page: on the admin's
 * 'Produtos' (20,000 products, Chromium, this machine) its first rows came about 100 ms later, and
 * 180 ms of the first render's profile was that measuring.
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
