package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Purposes of one-time codes sent by e-mail.
const (
	PurposeConfirmEmail = "confirmEmail"
	PurposeSetPassword  = "setPassword"
)

// ErrBadCode is a code that is unknown, used, expired or another user's.
var ErrBadCode = errors.New("code not valid")

func hashCode(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

// CreateCode stores a new one-time code for userID (only its hash is kept) and returns it.
func CreateCode(ctx context.Context, tx pgx.Tx, userID, purpose string, ttl time.Duration) (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	code := base64.RawURLEncoding.EncodeToString(b)
	_, err := tx.Exec(ctx, `INSERT INTO user_codes (code_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		hashCode(code), userID, purpose, time.Now().Add(ttl))
	return code, err
}

// UseCode marks a live code of purpose used and returns its user; userID, when given, must be
// the code's user.
func UseCode(ctx context.Context, tx pgx.Tx, code, purpose, userID string) (string, error) {
	var uid string
	err := tx.QueryRow(ctx, `UPDATE user_codes SET used_at = now()
		WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND ($3 = '' OR user_id::text = $3)
		RETURNING user_id::text`, hashCode(code), purpose, userID).Scan(&uid)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrBadCode
	}
	return uid, err
}
