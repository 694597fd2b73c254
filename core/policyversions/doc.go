// Package policyversions keeps the authorization policies as versioned data in PostgreSQL: the
// set shipped with the binary is version 1, every admin edit or rollback that compiles and passes
// its Rego tests is a new version (author, time, comment, files, diff against the previous), and
// the newest version is live. Every server loads a new version within a second of its commit
// (LISTEN/NOTIFY, with a poll as fallback) into the authz engine.
package policyversions
