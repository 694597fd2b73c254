package products

import "image/color"

// shade is a named colour of the catalog's palette.
type shade struct {
	Name string
	RGB  color.RGBA
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

var shades = map[string]shade{
	"BLK":  {"Black", rgb(28, 28, 30)},
	"WHT":  {"White", rgb(245, 245, 242)},
	"NVY":  {"Navy", rgb(30, 42, 84)},
	"GRY":  {"Gray", rgb(140, 142, 148)},
	"CHAR": {"Charcoal", rgb(64, 66, 72)},
	"RED":  {"Red", rgb(196, 36, 44)},
	"BLU":  {"Blue", rgb(44, 96, 188)},
	"RYL":  {"Royal", rgb(36, 64, 170)},
	"OLV":  {"Olive", rgb(104, 112, 60)},
	"TPE":  {"Taupe", rgb(150, 130, 112)},
	"TAN":  {"Tan", rgb(196, 160, 116)},
	"BRN":  {"Brown", rgb(110, 72, 44)},
	"NAT":  {"Natural", rgb(226, 214, 190)},
	"PNK":  {"Pink", rgb(236, 150, 180)},
	"LAV":  {"Lavender", rgb(176, 160, 214)},
	"MNT":  {"Mint", rgb(160, 220, 196)},
	"CORL": {"Coral", rgb(244, 124, 100)},
	"BURG": {"Burgundy", rgb(110, 24, 44)},
	"KHK":  {"Khaki", rgb(190, 176, 130)},
	"SLT":  {"Slate", rgb(100, 116, 132)},
	"TEAL": {"Teal", rgb(20, 128, 128)},
	"YEL":  {"Yellow", rgb(244, 206, 60)},
	"ORG":  {"Orange", rgb(240, 130, 40)},
	"LIME": {"Lime", rgb(170, 210, 60)},
	"SAGE": {"Sage", rgb(156, 174, 140)},
	"ROSE": {"Rose", rgb(210, 120, 130)},
	"GOLD": {"Gold", rgb(206, 166, 70)},
	"SLVR": {"Silver", rgb(190, 192, 198)},
}

// colorway is a colour code of the catalog: up to three shades, the first dominant.
type colorway struct {
	Code   string
	Shades []string
}

// colorways are the colour codes styles are offered in; combination codes read like the
// company's (BKW is black with white).
var colorways = []colorway{
	{"BLK", []string{"BLK", "BLK", "WHT"}},
	{"WHT", []string{"WHT", "WHT", "GRY"}},
	{"NVY", []string{"NVY", "NVY", "WHT"}},
	{"GRY", []string{"GRY", "GRY", "CHAR"}},
	{"CHAR", []string{"CHAR", "BLK", "GRY"}},
	{"BKW", []string{"BLK", "WHT", "WHT"}},
	{"WBK", []string{"WHT", "BLK", "BLK"}},
	{"BBK", []string{"BLK", "BLK", "BLK"}},
	{"NVGY", []string{"NVY", "GRY", "WHT"}},
	{"GYBL", []string{"GRY", "BLU", "WHT"}},
	{"GYPK", []string{"GRY", "PNK", "WHT"}},
	{"BKRD", []string{"BLK", "RED", "WHT"}},
	{"NVRD", []string{"NVY", "RED", "WHT"}},
	{"RED", []string{"RED", "WHT", "BLK"}},
	{"BLU", []string{"BLU", "WHT", "NVY"}},
	{"RYL", []string{"RYL", "WHT", "BLK"}},
	{"OLV", []string{"OLV", "BRN", "TAN"}},
	{"TPE", []string{"TPE", "NAT", "BRN"}},
	{"TAN", []string{"TAN", "BRN", "NAT"}},
	{"BRN", []string{"BRN", "TAN", "BLK"}},
	{"NAT", []string{"NAT", "TAN", "WHT"}},
	{"PNK", []string{"PNK", "WHT", "LAV"}},
	{"LAV", []string{"LAV", "WHT", "PNK"}},
	{"MNT", []string{"MNT", "WHT", "GRY"}},
	{"CORL", []string{"CORL", "WHT", "NVY"}},
	{"BURG", []string{"BURG", "BLK", "GOLD"}},
	{"KHK", []string{"KHK", "BRN", "NAT"}},
	{"SLT", []string{"SLT", "GRY", "WHT"}},
	{"TEAL", []string{"TEAL", "WHT", "GRY"}},
	{"YEL", []string{"YEL", "BLK", "WHT"}},
	{"ORG", []string{"ORG", "BLK", "WHT"}},
	{"LIME", []string{"LIME", "GRY", "BLK"}},
	{"SAGE", []string{"SAGE", "NAT", "WHT"}},
	{"ROSE", []string{"ROSE", "GOLD", "WHT"}},
	{"BKGD", []string{"BLK", "GOLD", "BLK"}},
	{"SLVR", []string{"SLVR", "WHT", "GRY"}},
	{"MULT", []string{"BLU", "ORG", "LIME"}},
	{"BKMT", []string{"BLK", "LIME", "ORG"}},
	{"NVLM", []string{"NVY", "LIME", "WHT"}},
	{"WTSL", []string{"WHT", "SLVR", "GRY"}},
}

var colorwayByCode = func() map[string]colorway {
	m := make(map[string]colorway, len(colorways))
	for _, c := range colorways {
		m[c.Code] = c
	}
	return m
}()

// describe is the colour description of a colorway, "Black/White" style.
func (c colorway) describe() string {
	out := shades[c.Shades[0]].Name
	if c.Shades[1] != c.Shades[0] {
		out += "/" + shades[c.Shades[1]].Name
	}
	return out
}

// colorsOf gives the three RGB colours of a colour code; unknown codes get a stable grey tone
// derived from the code so any style/colour still renders.
func colorsOf(code string) [3]color.RGBA {
	if cw, ok := colorwayByCode[code]; ok {
		return [3]color.RGBA{shades[cw.Shades[0]].RGB, shades[cw.Shades[1]].RGB, shades[cw.Shades[2]].RGB}
	}
	var h uint32 = 2166136261
	for i := 0; i < len(code); i++ {
		h = (h ^ uint32(code[i])) * 16777619
	}
	base := rgb(uint8(60+h%140), uint8(60+(h>>8)%140), uint8(60+(h>>16)%140))
	return [3]color.RGBA{base, rgb(245, 245, 242), rgb(40, 40, 40)}
}
