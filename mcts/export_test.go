package mcts

import "reflect"

func reflectTypeOf(v any) reflect.Type { return reflect.TypeOf(v) }
