package db

// MigrateFS lets the external tests apply a migration set of their own.
var MigrateFS = migrateFS
