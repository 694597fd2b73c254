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

// HashToken is the SHA-256 of a secret token (a code, a session id, a sign-in state): only the
// hash is stored, so a read of the table gives nobody a token.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// NewToken is a secret of n random bytes as unpadded base64url text.
func NewToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// CreateCode stores a new one-time code for userID (only its hash is kept) and returns it.
func CreateCode(ctx context.Context, tx pgx.Tx, userID, purpose string, ttl time.Duration) (string, error) {
	code, err := NewToken(24)
	if err != nil {
		return "", err
	}
	_, err = tx.Exec(ctx, `INSERT INTO user_codes (code_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		HashToken(code), userID, purpose, time.Now().Add(ttl))
	return code, err
}

// UseCode marks a live code of purpose used and returns its user; userID, when given, must be
// the code's user.
func UseCode(ctx context.Context, tx pgx.Tx, code, purpose, userID string) (string, error) {
	var uid string
	err := tx.QueryRow(ctx, `UPDATE user_codes SET used_at = now()
		WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND ($3 = '' OR user_id::text = $3)
		RETURNING user_id::text`, HashToken(code), purpose, userID).Scan(&uid)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrBadCode
	}
	return uid, err
}
