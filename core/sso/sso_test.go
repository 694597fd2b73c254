package sso

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"its/core/config"
)

// writeKeyPair writes a self-signed certificate and its key into dir and returns their files.
func writeKeyPair(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "its"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "sp.crt"), filepath.Join(dir, "sp.key")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

const idpMetadata = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example/metadata">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>
  </IDPSSODescriptor>
</EntityDescriptor>`

// TestSAMLSettingsCheckedAtStart: a SAML provider whose key pair cannot be read or whose inline
// metadata is not an identity provider's stops the start with a message naming the provider
// and the setting; usable settings start, and metadata at an address is left for the first
// sign-in.
func TestSAMLSettingsCheckedAtStart(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := writeKeyPair(t, dir)
	notAKey := filepath.Join(dir, "not-a-key.pem")
	if err := os.WriteFile(notAKey, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	start := func(s config.SAMLProvider) error {
		cfg := &config.Config{}
		cfg.Auth.Providers = []config.AuthProvider{{ID: "corp-saml", Type: "saml", Name: "Corp", SAML: &s}}
		_, err := New(Params{Config: cfg, Log: slog.New(slog.DiscardHandler)})
		return err
	}
	for _, c := range []struct {
		name     string
		settings config.SAMLProvider
		refusal  string // "" when it starts
	}{
		{"inline metadata", config.SAMLProvider{IdPMetadata: idpMetadata, CertFile: certFile, KeyFile: keyFile}, ""},
		{"metadata at an address", config.SAMLProvider{IdPMetadataURL: "http://127.0.0.1:1/metadata", CertFile: certFile, KeyFile: keyFile}, ""},
		{"missing key file", config.SAMLProvider{IdPMetadata: idpMetadata, CertFile: certFile, KeyFile: filepath.Join(dir, "missing.key")}, "provider corp-saml: saml.cert_file and key_file"},
		{"a key file that holds no key", config.SAMLProvider{IdPMetadata: idpMetadata, CertFile: certFile, KeyFile: notAKey}, "provider corp-saml: saml.cert_file and key_file"},
		{"metadata that is not XML", config.SAMLProvider{IdPMetadata: "<EntityDescriptor", CertFile: certFile, KeyFile: keyFile}, "provider corp-saml: saml.idp_metadata"},
		{"metadata of no identity provider", config.SAMLProvider{IdPMetadata: `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"></EntityDescriptor>`, CertFile: certFile, KeyFile: keyFile}, "describes no identity provider"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := start(c.settings)
			switch {
			case c.refusal == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.refusal != "" && (err == nil || !strings.Contains(err.Error(), c.refusal)):
				t.Fatalf("want a refusal with %q, got %v", c.refusal, err)
			}
		})
	}
}
