// All drizzle tables; drizzle-kit reads this file. One file per area.
export * from './platform';
export * from './email';
export * from './storage';
export * from './payments';
export * from './announcements';
export * from './documents';
export * from './requests';
export * from './violations';
export * from './dues';
export * from './sync';
export * from './signup';
export * from './list-views';
export * from './ledger';
export * from './inspections';
export * from './applications';
export * from './meetings';
export * from './votes';
