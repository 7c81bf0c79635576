// Package all registers every moongym game: import it for its side effect.
//
//	import _ "github.com/moongym/moongym/engine/all"
package all

import (
	_ "github.com/moongym/moongym/engine/lunarrally"
	_ "github.com/moongym/moongym/engine/marchmars"
	_ "github.com/moongym/moongym/engine/planetcubes"
	_ "github.com/moongym/moongym/engine/tictactoe"
	_ "github.com/moongym/moongym/engine/walkingmoon"
	_ "github.com/moongym/moongym/engine/welcomemoon"
)
