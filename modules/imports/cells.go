package imports

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Cells are a row's values by field, kept as a short list: an import holds up to 100,000 rows
// at once, and a map per row took about three times the memory of the list. In JSON they are an
// object, as a map would be.
type Cells []Cell

// Cell is one field's value.
type Cell struct {
	Field, Value string
}

// Lookup returns field's value and whether the row has it.
func (c Cells) Lookup(field string) (string, bool) {
	for i := range c {
		if c[i].Field == field {
			return c[i].Value, true
		}
	}
	return "", false
}

// Get returns field's value, empty when the row has none.
func (c Cells) Get(field string) string {
	v, _ := c.Lookup(field)
	return v
}

// Set sets field's value (adding the field when it is new).
func (c *Cells) Set(field, v string) {
	for i := range *c {
		if (*c)[i].Field == field {
			(*c)[i].Value = v
			return
		}
	}
	*c = append(*c, Cell{Field: field, Value: v})
}

// Del removes field.
func (c *Cells) Del(field string) {
	*c = slices.DeleteFunc(*c, func(x Cell) bool { return x.Field == field })
}

// MarshalJSON writes the cells as an object.
func (c Cells) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(x.Field)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(x.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object of text values, its fields in name order.
func (c *Cells) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out := make(Cells, 0, len(m))
	for k, v := range m {
		out = append(out, Cell{Field: k, Value: v})
	}
	slices.SortFunc(out, func(a, b Cell) int { return strings.Compare(a.Field, b.Field) })
	*c = out
	return nil
}
