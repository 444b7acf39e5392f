/**
 * The generic row types of the store: a resource's schema output as stored (`Stored`: settled,
 * read-only, without the fields the service computes when it answers), the owning organisation
 * (`Owned`) and a stored quantity. Each resource's row types (resources/<resource>/rows.ts) are
 * built from them; the store itself knows no resource.
 */
import type { ScalarQuantity } from '../../model';
import type { z } from 'zod';

/** A stored value: every field present (null for "not set") and read-only, at every depth. */
export type Settled<T> = T extends readonly (infer U)[]
  ? readonly Settled<U>[]
  : T extends object
    ? { readonly [K in keyof T]-?: Settled<Exclude<T[K], undefined>> }
    : T;

/** The resource of schema `S` as stored: its output, settled, without the fields `Computed` the service works out when it answers. */
export type Stored<S extends z.ZodType, Computed extends keyof z.output<S> = never> = Settled<Omit<z.output<S>, Computed>>;

/** The fields `K` of the resource of schema `S`, as stored (for a row that keeps few of a resource's fields). */
export type StoredFields<S extends z.ZodType, K extends keyof z.output<S>> = Settled<Pick<z.output<S>, K>>;

/** The organisation owning a row. */
export interface Owned {
  readonly owner: string;
}

/** A quantity as stored. */
export type QuantityRow = Settled<ScalarQuantity>;
