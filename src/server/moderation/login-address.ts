// Sign-ins count a client as every other limit does (an IPv6 client by its /64): one function for all.
export { clientAddressKey as loginAddressKey } from '../http/client-address';
