package plugins

import (
	"context"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
)

// Schema is the database schema of plugin id (ids are [a-z][a-z0-9]*, checked by the manifest
// schema, so they are safe identifiers).
func Schema(id string) string { return "plugin_" + id }

// rolePrefix starts the name of every plugin's database role.
const rolePrefix = "its_plugin_"

// poolSize bounds the connections of one plugin's pool on each server.
const poolSize = 4

// Advisory lock keys (first half; the second is the plugin id's hash): creating a plugin's role
// and applying its migrations, one server at a time.
const (
	roleLock    int32 = 0x175_7a88
	migrateLock int32 = 0x175_7a89
)

// DBRole is the database role of one plugin: the core logs in as it, with the password it
// generated and keeps in plugin_roles, to run the plugin's statements and migrations. The role
// owns the plugin's schema and nothing else.
type DBRole struct {
	ID, Name string
	password string
	// newRole and newSchema report what the Migrate that returned this role created (undo
	// drops them).
	newRole, newSchema bool
}

// Migrate gives plugin f its database role and schema when missing and applies its migrations
// not yet applied, all of them in one transaction on a connection logged in as that role: a
// migration reaching beyond its schema fails on the database's own permission checks, and the
// error names the file. A failure leaves nothing of what this call created (role, schema).
func Migrate(ctx context.Context, core *pgxpool.Pool, f *Folder) (*DBRole, error) {
	r, err := ensureRole(ctx, core, f.ID())
	if err != nil {
		return nil, err
	}
	if err := r.migrate(ctx, core, f); err != nil {
		return nil, errors.Join(err, r.undo(context.WithoutCancel(ctx), core))
	}
	return r, nil
}

// ensureRole creates plugin id's role (with a new password) and schema when missing, in a
// transaction of the core, and makes sure the role has no more rights than its schema's.
func ensureRole(ctx context.Context, core *pgxpool.Pool, id string) (*DBRole, error) {
	r := &DBRole{ID: id}
	err := db.InTx(ctx, core, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, roleLock, id); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `SELECT role, password FROM plugin_roles WHERE plugin_id = $1`, id).Scan(&r.Name, &r.password)
		if errors.Is(err, pgx.ErrNoRows) {
			r.newRole = true
			if r.Name, err = roleName(id); err == nil {
				r.password, err = randomHex(32)
			}
			if err == nil {
				_, err = tx.Exec(ctx, `INSERT INTO plugin_roles (plugin_id, role, password) VALUES ($1, $2, $3)`, id, r.Name, r.password)
			}
		}
		if err != nil {
			return err
		}
		role := pgx.Identifier{r.Name}.Sanitize()
		verifier, err := scramVerifier(r.password)
		if err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = $1)`, r.Name).Scan(&exists); err != nil {
			return err
		}
		// The password is set at every start, with the role's settings reset: a plugin may change
		// its own (ALTER ROLE CURRENT_USER) and so shut itself out, not more.
		// (A role is created without SUPERUSER, CREATEDB, CREATEROLE, REPLICATION or BYPASSRLS.)
		attrs := ` LOGIN NOINHERIT PASSWORD '` + verifier + `'`
		stmts := []string{`ALTER ROLE ` + role + attrs, `ALTER ROLE ` + role + ` RESET ALL`}
		if !exists {
			// The core becomes a member of the role: a role that is not a superuser needs it to
			// create the schema owned by the role, and to drop the role again.
			stmts = []string{`CREATE ROLE ` + role + attrs, `GRANT ` + role + ` TO CURRENT_USER`}
		}
		var dbName, owner, coreRole string
		if err := tx.QueryRow(ctx, `SELECT current_database(), coalesce((SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1), ''), current_user`, Schema(id)).Scan(&dbName, &owner, &coreRole); err != nil {
			return err
		}
		schema := pgx.Identifier{Schema(id)}.Sanitize()
		switch owner {
		case "":
			r.newSchema = true
			stmts = append(stmts, `CREATE SCHEMA `+schema+` AUTHORIZATION `+role)
		case r.Name:
		case rolePrefix + id:
			// The schema of a plugin from before plugins logged in as roles of their own: all
			// the old role had becomes the new one's.
			stmts = append(stmts, `REASSIGN OWNED BY `+pgx.Identifier{owner}.Sanitize()+` TO `+role)
		case coreRole:
			// A schema restored from a backup (pg_restore --no-owner makes everything the core's):
			// the schema and what is in it go back to the role.
			stmts = append(stmts, `ALTER SCHEMA `+schema+` OWNER TO `+role, giveSchema(Schema(id), r.Name))
		default:
			return fmt.Errorf("database role of plugin %s: its schema %s belongs to the role %s; give it to %s (REASSIGN OWNED BY %s TO %s)", id, Schema(id), owner, r.Name, owner, r.Name)
		}
		// What every role gets by default on the core's schema (a core migration revokes it; a
		// restored database may have it back).
		stmts = append(stmts, `REVOKE ALL ON SCHEMA public FROM PUBLIC`)
		stmts = append(stmts, `GRANT CONNECT ON DATABASE `+pgx.Identifier{dbName}.Sanitize()+` TO `+role)
		for _, s := range stmts {
			if _, err := tx.Exec(ctx, s); err != nil {
				return fmt.Errorf("database role of plugin %s: %w", id, err)
			}
		}
		// The core's schema must be closed to the role (a core migration revokes what every role
		// gets by default; on a database where ITS may not, the administrator must).
		var open bool
		if err := tx.QueryRow(ctx, `SELECT has_schema_privilege($1, 'public', 'USAGE') OR has_database_privilege($1, current_database(), 'CREATE')`, r.Name).Scan(&open); err != nil {
			return err
		}
		if open {
			return fmt.Errorf("database role of plugin %s: every role may use the schema public or create in the database; revoke it (REVOKE ALL ON SCHEMA public FROM PUBLIC; REVOKE CREATE ON DATABASE %s FROM PUBLIC)", id, dbName)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// giveSchema is a statement making role the owner of the relations, functions and types of
// schema (sequences and indexes follow their tables).
func giveSchema(schema, role string) string {
	return `DO $$ DECLARE o record; BEGIN
	FOR o IN
		SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE'
			WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind, c.oid::regclass::text AS name
		FROM pg_class c WHERE c.relnamespace = '` + schema + `'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
			AND NOT (c.relkind = 'S' AND EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
		UNION ALL SELECT CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, p.oid::regprocedure::text
		FROM pg_proc p WHERE p.pronamespace = '` + schema + `'::regnamespace
		UNION ALL SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.oid::regtype::text
		FROM pg_type t WHERE t.typnamespace = '` + schema + `'::regnamespace AND t.typtype IN ('e', 'd', 'r', 'c')
			AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
	LOOP
		EXECUTE format('ALTER %s %s OWNER TO %I', o.kind, o.name, '` + role + `');
	END LOOP; END $$`
}

// migrate applies f's migrations not yet applied, in one transaction on a connection of the
// plugin's role; the versions applied are kept in the plugin's schema, in the same transaction.
func (r *DBRole) migrate(ctx context.Context, core *pgxpool.Pool, f *Folder) error {
	// Versions recorded by the core before plugins logged in as their role.
	rows, err := core.Query(ctx, `SELECT version FROM plugin_migrations WHERE plugin_id = $1`, r.ID)
	if err != nil {
		return err
	}
	legacy, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	conn, err := pgx.ConnectConfig(ctx, r.connConfig(core))
	if err != nil {
		return fmt.Errorf("plugin %s: logging in as its database role: %w", r.ID, err)
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	// One server at a time: the lock is the core's (a plugin's role may not take advisory locks),
	// held in a transaction of the core around the plugin's.
	return db.InTx(ctx, core, func(lock pgx.Tx) error {
		if _, err := lock.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, migrateLock, r.ID); err != nil {
			return err
		}
		return db.InTx(ctx, conn, func(tx pgx.Tx) error { return r.apply(ctx, conn, tx, legacy, f) })
	})
}

// apply applies f's migrations not yet applied in tx, on the plugin's connection conn; legacy
// are the versions the core recorded before.
func (r *DBRole) apply(ctx context.Context, conn *pgx.Conn, tx pgx.Tx, legacy []int64, f *Folder) error {
	var has bool
	if err := tx.QueryRow(ctx, `SELECT to_regclass('its_migrations') IS NOT NULL`).Scan(&has); err != nil {
		return err
	}
	if !has {
		if _, err := tx.Exec(ctx, `CREATE TABLE its_migrations (version bigint PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
			COMMENT ON TABLE its_migrations IS 'The migrations of the plugin applied, kept by ITS'`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO its_migrations (version) SELECT unnest($1::bigint[])`, legacy); err != nil {
			return err
		}
	}
	rows, err := tx.Query(ctx, `SELECT version FROM its_migrations`)
	if err != nil {
		return err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	applied := map[int64]bool{}
	for _, v := range versions {
		applied[v] = true
	}
	for _, m := range f.Migrations {
		if applied[m.Version] {
			continue
		}
		if roleChange.MatchString(m.SQL) {
			return fmt.Errorf("%s: a plugin's migration may not change the database role or search_path", m.File)
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "42501" {
				return fmt.Errorf("%s: %s: a plugin's migration may only touch its own schema %s", m.File, pe.Message, Schema(r.ID))
			}
			return fmt.Errorf("%s: %w", m.File, err)
		}
		if conn.PgConn().TxStatus() != 'T' {
			return fmt.Errorf("%s: a plugin's migration may not end its transaction (COMMIT, ROLLBACK)", m.File)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO its_migrations (version) VALUES ($1)`, m.Version); err != nil {
			return err
		}
	}
	return nil
}

// undo drops what the Migrate that returned r created: its schema, its role and the role's
// password.
func (r *DBRole) undo(ctx context.Context, core *pgxpool.Pool) error {
	if !r.newRole && !r.newSchema {
		return nil
	}
	return db.InTx(ctx, core, func(tx pgx.Tx) error {
		stmts := []string{}
		if r.newSchema {
			stmts = append(stmts, `DROP SCHEMA IF EXISTS `+pgx.Identifier{Schema(r.ID)}.Sanitize()+` CASCADE`)
		}
		if r.newRole {
			role := pgx.Identifier{r.Name}.Sanitize()
			stmts = append(stmts, `DROP OWNED BY `+role, `DROP ROLE `+role)
		}
		for _, s := range stmts {
			if _, err := tx.Exec(ctx, s); err != nil {
				return fmt.Errorf("removing what the refused plugin %s created: %w", r.ID, err)
			}
		}
		if r.newRole {
			_, err := tx.Exec(ctx, `DELETE FROM plugin_roles WHERE plugin_id = $1`, r.ID)
			return err
		}
		return nil
	})
}

// connConfig is the core's connection configuration logging in as the role instead, in the
// plugin's schema.
func (r *DBRole) connConfig(core *pgxpool.Pool) *pgx.ConnConfig {
	cc := core.Config().ConnConfig
	cc.User, cc.Password = r.Name, r.password
	cc.RuntimeParams = maps.Clone(cc.RuntimeParams)
	if cc.RuntimeParams == nil {
		cc.RuntimeParams = map[string]string{}
	}
	cc.RuntimeParams["search_path"] = pgx.Identifier{Schema(r.ID)}.Sanitize()
	cc.RuntimeParams["application_name"] = "its plugin " + r.ID
	return cc
}

// Pool opens (lazily) the small pool of connections logged in as the role that serves the
// plugin's statements.
func (r *DBRole) Pool(core *pgxpool.Pool) (*pgxpool.Pool, error) {
	pc := core.Config()
	pc.ConnConfig = r.connConfig(core)
	pc.MaxConns, pc.MinConns, pc.MinIdleConns = poolSize, 0, 0
	//lint:ignore SA1019 the copy clears every hook of the core pool, the deprecated one too
	pc.BeforeConnect, pc.AfterConnect, pc.BeforeAcquire, pc.PrepareConn, pc.AfterRelease, pc.BeforeClose = nil, nil, nil, nil, nil, nil
	return pgxpool.NewWithConfig(context.Background(), pc)
}

// roleName is a new role name for plugin id: the prefix, the id and a random part (cut to
// PostgreSQL's 63 bytes).
func roleName(id string) (string, error) {
	suffix, err := randomHex(4)
	if err != nil {
		return "", err
	}
	head := rolePrefix + id
	if len(head) > 63-1-len(suffix) {
		head = head[:63-1-len(suffix)]
	}
	return head + "_" + suffix, nil
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// scramVerifier is what PostgreSQL stores for password (RFC 5802, as PostgreSQL writes it): the
// statement creating the role, which the server may log, carries no password.
func scramVerifier(password string) (string, error) {
	const iterations = 4096
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	salted, err := pbkdf2.Key(sha256.New, password, salt, iterations, sha256.Size)
	if err != nil {
		return "", err
	}
	mac := func(key []byte, msg string) []byte {
		h := hmac.New(sha256.New, key)
		h.Write([]byte(msg))
		return h.Sum(nil)
	}
	stored := sha256.Sum256(mac(salted, "Client Key"))
	b64 := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("SCRAM-SHA-256$%d:%s$%s:%s", iterations, b64(salt), b64(stored[:]), b64(mac(salted, "Server Key"))), nil
}
