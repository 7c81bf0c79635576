package welcomemoon

import "errors"

type rawA4 struct{}
type a4Layout struct{ a1Layout }

func compileA4(*layout, *rawA4) (*a4Layout, error) { return nil, errors.New("no") }
func missionKnown(card int) bool                   { return card >= 64 && card <= 87 }
