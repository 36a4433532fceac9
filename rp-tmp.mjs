import { Replicache } from 'replicache';
const rep = new Replicache({ name: 'x', kvStore: 'mem', pullInterval: null, mutators: {} });
console.log(Object.getOwnPropertyNames(Object.getPrototypeOf(rep)).join(' '));
await rep.close();
