export { AddressSearch, type AddressChoice, type AddressSearchProps } from './address-search';
