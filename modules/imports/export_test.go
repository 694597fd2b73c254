package imports

// SpoolRows moves res's rows to a spool written a row at a time, as the rows step keeps the
// pieces it checked; it answers the spool's file name.
func SpoolRows(res *Result) (string, error) {
	sp, err := newSpool()
	if err != nil {
		return "", err
	}
	for i := range res.Rows {
		if err := sp.write(res.Rows[i : i+1]); err != nil {
			sp.discard()
			return "", err
		}
	}
	res.Rows, res.spool = nil, sp
	return sp.f.Name(), nil
}
