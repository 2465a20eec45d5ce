import { useId } from 'react';
import classes from './CollectionToolbar.module.css';

type PriceProps = { name: string; label: React.ReactNode; symbol: string; value: number | undefined; hint: number };

/** A price bound of the filter panel: the currency symbol inside the box, the collection's own bound as the hint. */
export function PriceInput({ name, label, symbol, value, hint }: PriceProps) {
  const id = useId();
  return (
    <div className={classes.price}>
      <label htmlFor={id}>{label}</label>
      <div className={classes.money}>
        <span aria-hidden="true">{symbol}</span>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          defaultValue={value ?? ''}
          placeholder={String(hint)}
        />
      </div>
    </div>
  );
}
