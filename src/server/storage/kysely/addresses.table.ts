/** The embedded geocoder's address points (addresses.ts). */
import type { Generated } from 'kysely';
import type { AddressPoint } from '../repositories/addresses';

/** An address point as imported, its id and its folded house number (repositories/addresses.ts houseNumberKey). */
export interface AddressesTable extends AddressPoint {
  id: Generated<number>;
  number_key: string;
}

export interface AddressTables {
  addresses: AddressesTable;
}
