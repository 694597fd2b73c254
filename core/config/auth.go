package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// AuthProvider is one company sign-in provider of auth.providers. Fields are added per
// protocol or feature (a provisioning token, say) beside the ones here; validateProviders
// checks each.
type AuthProvider struct {
	ID      string   `yaml:"id"`
	Type    string   `yaml:"type"`
	Name    string   `yaml:"name"`
	Domains []string `yaml:"domains"`
	// Only makes the provider the only way in for its domains.
	Only        bool              `yaml:"only"`
	GroupsClaim string            `yaml:"groups_claim"`
	Claims      map[string]string `yaml:"claims"`
	OIDC        *OIDCProvider     `yaml:"oidc"`
	SAML        *SAMLProvider     `yaml:"saml"`
}

// OIDCProvider is the OpenID Connect part of a provider.
type OIDCProvider struct {
	Issuer       string   `yaml:"issuer"`
	ClientID     string   `yaml:"client_id"`
	ClientSecret string   `yaml:"client_secret"`
	Scopes       []string `yaml:"scopes"`
	// ClockSkew is how far the provider's clock may run ahead of ours (token expiry and issue
	// times); default 2m.
	ClockSkew Duration `yaml:"clock_skew"`
}

// SAMLProvider is the SAML 2.0 part of a provider.
type SAMLProvider struct {
	IdPMetadataURL string `yaml:"idp_metadata_url"`
	IdPMetadata    string `yaml:"idp_metadata"`
	EntityID       string `yaml:"entity_id"`
	CertFile       string `yaml:"cert_file"`
	KeyFile        string `yaml:"key_file"`
}

// ClaimFields are the keys a provider's claims map may name, with the claim read when it does
// not.
var ClaimFields = map[string]string{
	"name": "given_name", "last_name": "family_name", "email": "email",
	"user_code": "user_code", "department": "department", "country": "country",
}

// Claim is the claim name that carries field for p.
func (p AuthProvider) Claim(field string) string {
	if c := p.Claims[field]; c != "" {
		return c
	}
	return ClaimFields[field]
}

// Groups is the claim that carries p's groups.
func (p AuthProvider) Groups() string {
	if p.GroupsClaim != "" {
		return p.GroupsClaim
	}
	return "groups"
}

// Skew is the clock skew tolerated for p's tokens.
func (p OIDCProvider) Skew() time.Duration {
	if p.ClockSkew.Duration > 0 {
		return p.ClockSkew.Duration
	}
	return 2 * time.Minute
}

// providerID is the form of an identity provider's id (sign-in and SCIM).
var providerID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// validateProviders refuses an incomplete provider with the key that is missing or wrong.
func validateProviders(ps []AuthProvider) error {
	seen := map[string]bool{}
	onlyOwner := map[string]string{}
	for i := range ps {
		p := &ps[i]
		at := fmt.Sprintf("auth.providers[%d]", i)
		if !providerID.MatchString(p.ID) {
			return fmt.Errorf("%s.id: %q must be 1-40 of a-z, 0-9 and - (it is part of the callback URL)", at, p.ID)
		}
		at = fmt.Sprintf("auth.providers[%s]", p.ID)
		if seen[p.ID] {
			return fmt.Errorf("%s: two providers share the id", at)
		}
		seen[p.ID] = true
		if strings.TrimSpace(p.Name) == "" {
			return fmt.Errorf("%s.name is required (the sign-in button's label)", at)
		}
		for j, d := range p.Domains {
			d = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(d, "@")))
			if d == "" || strings.ContainsAny(d, "@ /") || !strings.Contains(d, ".") {
				return fmt.Errorf("%s.domains: %q is not an e-mail domain", at, p.Domains[j])
			}
			p.Domains[j] = d
			if p.Only {
				if other, dup := onlyOwner[d]; dup {
					return fmt.Errorf("%s.domains: %s is already the only way in through %s", at, d, other)
				}
				onlyOwner[d] = p.ID
			}
		}
		if p.Only && len(p.Domains) == 0 {
			return fmt.Errorf("%s.only needs the domains it is the only way in for", at)
		}
		for k := range p.Claims {
			if _, ok := ClaimFields[k]; !ok {
				return fmt.Errorf("%s.claims: %q is not one of name, last_name, email, user_code, department, country", at, k)
			}
		}
		switch p.Type {
		case "oidc":
			o := p.OIDC
			if o == nil {
				return fmt.Errorf("%s: type oidc needs an oidc section (issuer, client_id, client_secret)", at)
			}
			if u, err := url.Parse(o.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				return fmt.Errorf("%s.oidc.issuer: %q is not an http(s) URL", at, o.Issuer)
			}
			if o.ClientID == "" || o.ClientSecret == "" {
				return fmt.Errorf("%s.oidc.client_id and client_secret are required", at)
			}
			if p.SAML != nil {
				return fmt.Errorf("%s: type oidc has a saml section", at)
			}
		case "saml":
			s := p.SAML
			if s == nil {
				return fmt.Errorf("%s: type saml needs a saml section (idp_metadata_url or idp_metadata, entity_id, cert_file, key_file)", at)
			}
			if (s.IdPMetadataURL == "") == (s.IdPMetadata == "") {
				return fmt.Errorf("%s.saml: give one of idp_metadata_url and idp_metadata", at)
			}
			if s.EntityID == "" || s.CertFile == "" || s.KeyFile == "" {
				return fmt.Errorf("%s.saml.entity_id, cert_file and key_file are required", at)
			}
			if p.OIDC != nil {
				return fmt.Errorf("%s: type saml has an oidc section", at)
			}
		default:
			return fmt.Errorf("%s.type: %q is not oidc or saml", at, p.Type)
		}
	}
	return nil
}
