package sso

import (
	"context"
	"crypto"
	"crypto/tls"
	"crypto/x509"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"

	"github.com/crewjam/saml"
	"github.com/crewjam/saml/samlsp"

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
	pair, err := tls.LoadX509KeyPair(c.CertFile, c.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("provider %s: saml.cert_file and key_file: %w", id, err)
	}
	cert, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, fmt.Errorf("provider %s: saml.cert_file: %w", id, err)
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
		Key:               pair.PrivateKey.(crypto.Signer),
		Certificate:       cert,
		HTTPClient:        s.client,
		MetadataURL:       *root.JoinPath("metadata"),
		AcsURL:            *root.JoinPath("acs"),
		SloURL:            *root.JoinPath("slo"),
		IDPMetadata:       md,
		AllowIDPInitiated: true,
	}
	p := &samlProvider{sp: sp}
	s.saml[id] = p
	return p, nil
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
	if err != nil {
		return nil, refuse(ReasonToken, "%w", samlCause(err))
	}
	if a.Signature == nil {
		return nil, refuse(ReasonToken, "the assertion is not signed")
	}
	if a.Subject == nil || a.Subject.NameID == nil || a.Subject.NameID.Value == "" {
		return nil, refuse(ReasonToken, "the assertion names no subject")
	}
	expires := a.IssueInstant.Add(FlowTTL)
	if a.Conditions != nil && !a.Conditions.NotOnOrAfter.IsZero() {
		expires = a.Conditions.NotOnOrAfter
	}
	tag, err := s.db.Exec(ctx, `INSERT INTO sso_assertions (provider, id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, id, a.ID, expires)
	if err != nil {
		return nil, err
	}
	if tag.RowsAffected() == 0 {
		return nil, refuse(ReasonState, "assertion %s was used before", a.ID)
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

// samlLogoutURL is the identity provider's single logout address for the session of nameID.
func (s *Service) samlLogoutURL(ctx context.Context, id, base, nameID, returnTo string) string {
	p, err := s.samlSP(ctx, id, base)
	if err != nil || p.sp.GetSLOBindingLocation(saml.HTTPRedirectBinding) == "" || nameID == "" {
		return ""
	}
	u, err := p.sp.MakeRedirectLogoutRequest(nameID, returnTo)
	if err != nil {
		return ""
	}
	return u.String()
}
