/** The quantity kind of each ScalarQuantity field the feedstock resource takes (its descriptor declares them; its routes check them). */
export const FEEDSTOCK_QUANTITIES = { feedstock_batch: { mass: 'mass' }, production_batch: { mass: 'mass' } } as const;
