package models

import "math"

func exp64(x float32) float64 { return math.Exp(float64(x)) }
func nan() float64            { return math.NaN() }
