/** The quantity kind of each ScalarQuantity field the storage resource takes (its descriptor declares them; its routes check them). */
export const STORAGE_QUANTITIES = {
  biochar_application: {
    average_application_rate: 'mass_per_area',
    truck_mass_on_arrival: 'mass',
    truck_mass_on_departure: 'mass',
  },
} as const;
