package sso

import (
	"context"
	"crypto"
	"crypto/tls"
	"crypto/x509"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/crewjam/saml"
	"github.com/crewjam/saml/samlsp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	dsig "github.com/russellhaering/goxmldsig"

	"its/core/config"
	"its/core/identity"
)

// samlProvider is a SAML 2.0 identity provider as ITS's service provider sees it.
type samlProvider struct {
	sp *saml.ServiceProvider
}

// samlSP builds (once) the service provider of provider id, whose own addresses start at base
// (<public>/.../<id>): base+"/metadata", base+"/acs", base+"/slo".
func (s *Service) samlSP(ctx context.Context, id, base string) (*samlProvider, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.saml[id]; p != nil {
		return p, nil
	}
	cfg, ok := s.Provider(id)
	if !ok || cfg.Type != "saml" {
		return nil, refuse(ReasonUnknown, "no SAML provider %q", id)
	}
	c := cfg.SAML
	key, cert, err := samlKeyPair(cfg)
	if err != nil {
		return nil, err
	}
	var md *saml.EntityDescriptor
	if c.IdPMetadata != "" {
		md, err = samlsp.ParseMetadata([]byte(c.IdPMetadata))
	} else {
		var u *url.URL
		if u, err = url.Parse(c.IdPMetadataURL); err == nil {
			md, err = samlsp.FetchMetadata(ctx, s.client, *u)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("provider %s: the identity provider's metadata: %w", id, err)
	}
	root, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	sp := &saml.ServiceProvider{
		EntityID:          c.EntityID,
		Key:               key,
		Certificate:       cert,
		HTTPClient:        s.client,
		MetadataURL:       *root.JoinPath("metadata"),
		AcsURL:            *root.JoinPath("acs"),
		SloURL:            *root.JoinPath("slo"),
		IDPMetadata:       md,
		AllowIDPInitiated: true,
		// Logout requests and answers are signed (RSA-SHA256), as the single logout profile
		// asks, so the identity provider can tell them from forged ones.
		LogoutSignatureMethod: dsig.RSASHA256SignatureMethod,
		// The metadata lists ITS's single logout address for both bindings it reads.
		LogoutBindings: []string{saml.HTTPRedirectBinding, saml.HTTPPostBinding},
		// Each assertion and each logout request of the provider is accepted once, on every
		// server of the installation.
		ReplayCache: replayCache{db: s.db, provider: id},
	}
	p := &samlProvider{sp: sp}
	s.saml[id] = p
	return p, nil
}

// samlKeyPair reads the service provider's certificate and signing key of provider cfg.
func samlKeyPair(cfg config.AuthProvider) (crypto.Signer, *x509.Certificate, error) {
	pair, err := tls.LoadX509KeyPair(cfg.SAML.CertFile, cfg.SAML.KeyFile)
	if err != nil {
		return nil, nil, fmt.Errorf("provider %s: saml.cert_file and key_file: %w", cfg.ID, err)
	}
	cert, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, nil, fmt.Errorf("provider %s: saml.cert_file: %w", cfg.ID, err)
	}
	key, ok := pair.PrivateKey.(crypto.Signer)
	if !ok {
		return nil, nil, fmt.Errorf("provider %s: saml.key_file: the key cannot sign", cfg.ID)
	}
	return key, cert, nil
}

// checkSAML checks at start what of a SAML provider's settings can be checked without the
// identity provider: the key pair, and the metadata when it is given inline (metadata at an
// address is read at the first sign-in, so that a provider that is down does not stop ITS).
func checkSAML(cfg config.AuthProvider) error {
	if _, _, err := samlKeyPair(cfg); err != nil {
		return err
	}
	if cfg.SAML.IdPMetadata == "" {
		return nil
	}
	md, err := samlsp.ParseMetadata([]byte(cfg.SAML.IdPMetadata))
	if err != nil {
		return fmt.Errorf("provider %s: saml.idp_metadata: %w", cfg.ID, err)
	}
	if len(md.IDPSSODescriptors) == 0 {
		return fmt.Errorf("provider %s: saml.idp_metadata describes no identity provider", cfg.ID)
	}
	return nil
}

// SAMLMetadata is ITS's service provider metadata for provider id.
func (s *Service) SAMLMetadata(ctx context.Context, id, base string) ([]byte, error) {
	p, err := s.samlSP(ctx, id, base)
	if err != nil {
		return nil, err
	}
	return xml.MarshalIndent(p.sp.Metadata(), "", "  ")
}

// BeginSAML starts an SP-initiated sign-in: it records the request's id and returns the
// identity provider's address with the signed request (HTTP-Redirect binding).
func (s *Service) BeginSAML(ctx context.Context, id, base string) (string, error) {
	p, err := s.samlSP(ctx, id, base)
	if err != nil {
		return "", err
	}
	req, err := p.sp.MakeAuthenticationRequest(p.sp.GetSSOBindingLocation(saml.HTTPRedirectBinding), saml.HTTPRedirectBinding, saml.HTTPPostBinding)
	if err != nil {
		return "", err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO sso_flows (state_hash, provider, nonce, verifier) VALUES ($1, $2, $3, '')`,
		identity.HashToken(req.ID), id, req.ID); err != nil {
		return "", err
	}
	u, err := req.Redirect("", p.sp)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// CompleteSAML checks the identity provider's POSTed response (signed assertion, audience,
// recipient, time, the request it answers or an IdP-initiated one, never an assertion seen
// before) and returns its claims: each attribute under its name and its friendly name.
func (s *Service) CompleteSAML(ctx context.Context, r *http.Request, id, base string) (*Claims, error) {
	p, err := s.samlSP(ctx, id, base)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT nonce FROM sso_flows WHERE provider = $1 AND verifier = '' AND created_at > now() - $2::interval`, id, FlowTTL.String())
	if err != nil {
		return nil, err
	}
	var pending []string
	for rows.Next() {
		var rid string
		if err := rows.Scan(&rid); err != nil {
			rows.Close()
			return nil, err
		}
		pending = append(pending, rid)
	}
	rows.Close()
	if err := r.ParseForm(); err != nil {
		return nil, refuse(ReasonToken, "the response is not a form: %w", err)
	}
	a, err := p.sp.ParseResponse(r, pending)
	if errors.Is(err, saml.ErrAssertionReplayed) || errors.Is(samlCause(err), saml.ErrAssertionReplayed) {
		return nil, refuse(ReasonState, "the assertion was used before: %w", samlCause(err))
	}
	if err != nil {
		return nil, refuse(ReasonToken, "%w", samlCause(err))
	}
	if a.Signature == nil {
		return nil, refuse(ReasonToken, "the assertion is not signed")
	}
	if a.Subject == nil || a.Subject.NameID == nil || a.Subject.NameID.Value == "" {
		return nil, refuse(ReasonToken, "the assertion names no subject")
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM sso_assertions WHERE expires_at < now() - interval '1 hour'`); err != nil {
		return nil, err
	}
	for _, sc := range a.Subject.SubjectConfirmations {
		if sc.SubjectConfirmationData != nil && sc.SubjectConfirmationData.InResponseTo != "" {
			if _, err := s.db.Exec(ctx, `DELETE FROM sso_flows WHERE state_hash = $1`, identity.HashToken(sc.SubjectConfirmationData.InResponseTo)); err != nil {
				return nil, err
			}
		}
	}
	c := &Claims{Provider: id, Subject: a.Subject.NameID.Value, Values: map[string]any{}}
	if len(a.AuthnStatements) > 0 {
		c.SID = a.AuthnStatements[0].SessionIndex
	}
	for _, st := range a.AttributeStatements {
		for _, at := range st.Attributes {
			vals := make([]any, 0, len(at.Values))
			for _, v := range at.Values {
				vals = append(vals, v.Value)
			}
			var v any = vals
			if len(vals) == 1 {
				v = vals[0]
			}
			for _, k := range []string{at.Name, at.FriendlyName} {
				if k != "" {
					c.Values[k] = v
				}
			}
		}
	}
	return c, nil
}

// samlCause is the private reason crewjam keeps behind its generic error.
func samlCause(err error) error {
	if ie, ok := err.(*saml.InvalidResponseError); ok && ie.PrivateErr != nil {
		return ie.PrivateErr
	}
	return err
}

// samlLogoutURL is the identity provider's single logout address for the session of nameID
// that the assertion's SessionIndex named (sessionIndex; none when it named none). The
// request's id is kept, so that only the provider's answer to it is taken.
func (s *Service) samlLogoutURL(ctx context.Context, id, base, nameID, sessionIndex, returnTo string) string {
	p, err := s.samlSP(ctx, id, base)
	if err != nil {
		s.log.Warn("SAML single logout", "provider", id, "error", err)
		return ""
	}
	slo := p.sp.GetSLOBindingLocation(saml.HTTPRedirectBinding)
	if slo == "" || nameID == "" {
		return ""
	}
	req, err := p.sp.MakeLogoutRequest(slo, nameID, saml.WithSessionIndex(sessionIndex))
	if err == nil {
		_, err = s.db.Exec(ctx, `INSERT INTO sso_flows (state_hash, provider, nonce, verifier) VALUES ($1, $2, $3, $4)`,
			identity.HashToken(req.ID), id, req.ID, logoutFlow)
	}
	var u *url.URL
	if err == nil {
		u, err = p.sp.RedirectLogoutRequestURL(req, returnTo)
	}
	if err != nil {
		s.log.Warn("SAML single logout", "provider", id, "error", err)
		return ""
	}
	return u.String()
}

// logoutFlow marks the flow of a logout request ITS sent (a sign-in's has no verifier).
const logoutFlow = "saml-logout"

// SAMLLogout is what the identity provider said at ITS's single logout address.
type SAMLLogout struct {
	// Subject and SessionIndexes name the sessions to end, for a logout request of the
	// provider; both are empty for the provider's answer to ITS's own request.
	Subject        string
	SessionIndexes []string
	// Answer is where the browser goes next: the provider's address with ITS's signed answer
	// to its request, or "" after the provider's answer to ITS's.
	Answer string
}

// SAMLSingleLogout reads a message of the identity provider at ITS's single logout address
// (HTTP-Redirect or HTTP-POST binding): a signed logout request of the provider (its issuer,
// destination and time checked, each accepted once) or its answer to a logout request ITS
// sent and still waits for.
func (s *Service) SAMLSingleLogout(ctx context.Context, r *http.Request, id, base string) (*SAMLLogout, error) {
	p, err := s.samlSP(ctx, id, base)
	if err != nil {
		return nil, err
	}
	if err := r.ParseForm(); err != nil {
		return nil, refuse(ReasonToken, "the logout message is not a form: %w", err)
	}
	switch {
	case r.Form.Get("SAMLResponse") != "":
		rows, err := s.db.Query(ctx, `SELECT nonce FROM sso_flows WHERE provider = $1 AND verifier = $2 AND created_at > now() - $3::interval`,
			id, logoutFlow, FlowTTL.String())
		if err != nil {
			return nil, err
		}
		pending, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, err
		}
		resp, err := p.sp.ParseLogoutResponse(r, pending)
		if err != nil {
			return nil, refuse(ReasonToken, "%w", samlCause(err))
		}
		if _, err := s.db.Exec(ctx, `DELETE FROM sso_flows WHERE state_hash = $1`, identity.HashToken(resp.InResponseTo)); err != nil {
			return nil, err
		}
		return &SAMLLogout{}, nil
	case r.Form.Get("SAMLRequest") != "":
		req, err := p.sp.ValidateLogoutRequest(r)
		if err != nil {
			return nil, refuse(ReasonToken, "%w", samlCause(err))
		}
		if req.NameID == nil || req.NameID.Value == "" {
			return nil, refuse(ReasonToken, "the logout request names no subject")
		}
		out := &SAMLLogout{Subject: req.NameID.Value}
		for _, si := range req.AllSessionIndexes() {
			out.SessionIndexes = append(out.SessionIndexes, si.Value)
		}
		answer, err := p.sp.MakeRedirectLogoutResponse(req.ID, r.Form.Get("RelayState"))
		if err != nil {
			return nil, err
		}
		out.Answer = answer.String()
		return out, nil
	}
	return nil, refuse(ReasonToken, "neither a logout request nor a logout response")
}

// replayCache keeps the ids of a provider's accepted assertions and logout requests in the
// database, so that each is accepted once whichever server sees it.
type replayCache struct {
	db       *pgxpool.Pool
	provider string
}

// Consume records id until expires, or answers saml.ErrAssertionReplayed when it was recorded.
func (c replayCache) Consume(id string, expires time.Time) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tag, err := c.db.Exec(ctx, `INSERT INTO sso_assertions (provider, id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		c.provider, id, expires)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return saml.ErrAssertionReplayed
	}
	return nil
}
