// Command testidp runs, on loopback, the two company identity providers the browser tests sign
// in through: a real OpenID Provider (zitadel's op package, as core/sso/ssotest runs it for the
// Go tests) and a real SAML 2.0 identity provider (crewjam's samlidp). Each knows one member of
// staff, ada (password "verysecure"; ada@corp.example at the OpenID Provider, ada@saml.example
// at the SAML one), in the groups ITS Assortment Editors and ITS Wholesale. It writes the service provider key pair ITS signs SAML messages with into -dir and
// prints one JSON line with the addresses and files ITS's ITS_AUTH_PROVIDERS needs, then serves
// until it is stopped or its standard input closes.
//
//	go run ./scripts/testidp -its http://127.0.0.1:8080 -dir /tmp/idp
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/crewjam/saml/samlidp"

	"its/core/sso/ssotest"
)

// Groups are the provider groups of the one account.
var Groups = []string{"ITS Assortment Editors", "ITS Wholesale"}

// Ready is the line testidp prints once both providers serve.
type Ready struct {
	OIDCIssuer   string `json:"oidcIssuer"`
	ClientID     string `json:"clientId"`
	ClientSecret string `json:"clientSecret"`
	SAMLURL      string `json:"samlUrl"`
	CertFile     string `json:"certFile"`
	KeyFile      string `json:"keyFile"`
	Username     string `json:"username"`
	Password     string `json:"password"`
}

func main() {
	its := flag.String("its", "", "ITS's public URL (the OpenID client's redirect URI is built from it)")
	dir := flag.String("dir", "", "a directory for ITS's SAML key pair")
	flag.Parse()
	if *its == "" || *dir == "" {
		fmt.Fprintln(os.Stderr, "testidp: -its and -dir are required")
		os.Exit(2)
	}
	if err := run(*its, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "testidp:", err)
		os.Exit(1)
	}
}

func run(its, dir string) error {
	oidcLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	op, err := ssotest.Serve(oidcLn, []ssotest.User{{ID: "u1", Username: "ada", FirstName: "Ada", LastName: "Lovelace", Email: "ada@corp.example",
		Claims: map[string]any{"groups": Groups, "department": "Production", "country": "GB", "employee_id": "ADA001"}}},
		its+"/api/users/sso/corp/callback")
	if err != nil {
		return err
	}
	defer op.Close()

	samlURL, stop, err := serveSAML()
	if err != nil {
		return err
	}
	defer stop()
	certFile, keyFile, err := writeKeyPair(dir, "its")
	if err != nil {
		return err
	}
	line, _ := json.Marshal(Ready{OIDCIssuer: op.Issuer, ClientID: ssotest.ClientID, ClientSecret: ssotest.ClientSecret,
		SAMLURL: samlURL, CertFile: certFile, KeyFile: keyFile, Username: "ada", Password: ssotest.Password})
	fmt.Println(string(line))

	done := make(chan os.Signal, 1)
	signal.Notify(done, syscall.SIGTERM, os.Interrupt)
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		done <- syscall.SIGTERM
	}()
	<-done
	return nil
}

// serveSAML runs the SAML identity provider with the account ada and answers its address.
// ITS's service provider is registered by the test (PUT <url>/services/its with ITS's
// metadata), once ITS serves it.
func serveSAML() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	base, _ := url.Parse("http://" + ln.Addr().String())
	key, cert, err := keyPair("idp")
	if err != nil {
		return "", nil, err
	}
	idp, err := samlidp.New(samlidp.Options{URL: *base, Key: key, Certificate: cert, Store: &samlidp.MemoryStore{}})
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: idp, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	groups, _ := json.Marshal(Groups)
	user := fmt.Sprintf(`{"name": "ada", "password": %q, "email": "ada@saml.example", "given_name": "Ada", "surname": "Lovelace", "groups": %s}`,
		ssotest.Password, groups)
	req, _ := http.NewRequest("PUT", base.String()+"/users/ada", bytes.NewBufferString(user))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		_ = srv.Close()
		return "", nil, err
	}
	res.Body.Close()
	if res.StatusCode/100 != 2 {
		_ = srv.Close()
		return "", nil, fmt.Errorf("the SAML identity provider refused its user: %s", res.Status)
	}
	return base.String(), func() { _ = srv.Close() }, nil
}

func keyPair(cn string) (*rsa.PrivateKey, *x509.Certificate, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, nil, err
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	cert, err := x509.ParseCertificate(der)
	return key, cert, err
}

// writeKeyPair writes a new certificate and key into dir as PEM files.
func writeKeyPair(dir, cn string) (certFile, keyFile string, err error) {
	key, cert, err := keyPair(cn)
	if err != nil {
		return "", "", err
	}
	certFile, keyFile = filepath.Join(dir, cn+".crt"), filepath.Join(dir, cn+".key")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}), 0o600); err != nil {
		return "", "", err
	}
	return certFile, keyFile, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}), 0o600)
}
