export * as deskTables from './desk';
export * as serviceTables from './service';
