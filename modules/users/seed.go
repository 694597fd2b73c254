package users

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"

	"github.com/jackc/pgx/v5"
	"gopkg.in/yaml.v3"

	"its/core/identity"
	"its/core/registry"
)

//go:embed demo.yaml
var demoYAML []byte

type demoData struct {
	Currencies []struct {
		Code     string `yaml:"code"`
		Decimals int    `yaml:"decimals"`
		Symbol   string `yaml:"symbol"`
	} `yaml:"currencies"`
	Locations []struct {
		Code     string `yaml:"code"`
		Name     string `yaml:"name"`
		Currency string `yaml:"currency"`
		Region   string `yaml:"region"`
	} `yaml:"locations"`
	Users []struct {
		Role             string                `yaml:"role"`
		Name             string                `yaml:"name"`
		LastName         string                `yaml:"lastName"`
		UserCode         string                `yaml:"userCode"`
		Employee         bool                  `yaml:"employee"`
		Flags            []string              `yaml:"flags"`
		DepartmentAccess []string              `yaml:"departmentAccess"`
		Permissions      []identity.Permission `yaml:"permissions"`
		TBEs             []struct {
			Territory      string   `yaml:"territory"`
			BusinessEntity string   `yaml:"businessEntity"`
			Locations      []string `yaml:"locations"`
		} `yaml:"tbes"`
	} `yaml:"users"`
}

// DemoUsers are the demo accounts as the policies see them (their permissions, flags,
// departments and territories), one per role, without touching the database.
func DemoUsers() ([]*identity.User, error) {
	var d demoData
	if err := yaml.Unmarshal(demoYAML, &d); err != nil {
		return nil, fmt.Errorf("modules/users/demo.yaml: %w", err)
	}
	out := make([]*identity.User, 0, len(d.Users))
	for _, u := range d.accounts() {
		u.ID = "demo-" + u.Email
		out = append(out, &u)
	}
	return out, nil
}

// accounts are the demo users in demo.yaml order, one per role.
func (d *demoData) accounts() []identity.User {
	out := make([]identity.User, 0, len(d.Users))
	for _, u := range d.Users {
		tbes := []identity.TBE{}
		for _, t := range u.TBEs {
			tbe := identity.TBE{Territory: t.Territory, BusinessEntity: t.BusinessEntity, Locations: []identity.LocationKey{}, ColorFilters: map[string][]string{"POP": {}}}
			for _, l := range t.Locations {
				tbe.Locations = append(tbe.Locations, identity.LocationKey{Key: l})
			}
			tbes = append(tbes, tbe)
		}
		if len(tbes) == 0 {
			tbes = append(tbes, identity.TBE{Territory: "US-WEST", BusinessEntity: "DOMESTIC", Locations: []identity.LocationKey{{Key: "US"}}, ColorFilters: map[string][]string{"POP": {}}})
		}
		out = append(out, identity.User{
			Email: u.Role + "@example.com", Name: u.Name, LastName: u.LastName, UserCode: u.UserCode,
			Status: "active", Strategy: "local", UserActiveLocation: "US", DepartmentAccess: u.DepartmentAccess,
			Flags: u.Flags, Permissions: u.Permissions, UserTBEs: tbes, Entity: "Domestic", Country: "US",
			WOF: identity.WOF{Country: "US", DateFormat: "MM/DD/YYYY"}, Employee: u.Employee,
		})
	}
	return out
}

// DemoRoles lists the roles with a demo account, in demo.yaml order.
func DemoRoles() []string {
	var d demoData
	_ = yaml.Unmarshal(demoYAML, &d)
	out := make([]string, len(d.Users))
	for i, u := range d.Users {
		out[i] = u.Role
	}
	return out
}

func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	var d demoData
	dec := yaml.NewDecoder(bytes.NewReader(demoYAML))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		return fmt.Errorf("modules/users/demo.yaml: %w", err)
	}
	for _, c := range d.Currencies {
		if err := identity.AddCurrency(ctx, tx, c.Code, c.Decimals, c.Symbol); err != nil {
			return err
		}
	}
	for _, l := range d.Locations {
		if err := identity.AddLocation(ctx, tx, l.Code, l.Name, l.Currency, l.Region); err != nil {
			return err
		}
	}
	// One hash for every demo account: they share the password, and hashing is deliberately slow.
	hash, err := identity.HashPassword(env.DemoPassword)
	if err != nil {
		return err
	}
	store := &identity.Store{}
	for _, u := range d.accounts() {
		nu := identity.NewUser{PasswordHash: hash, User: u}
		if _, err := store.Create(ctx, tx, nu); err != nil {
			return fmt.Errorf("demo user %s: %w", u.Email, err)
		}
	}
	env.Log.Info("demo accounts created", "count", len(d.Users), "password", "(demo_password)")
	return nil
}
