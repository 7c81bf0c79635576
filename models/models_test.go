package models_test

import "github.com/moongym/moongym/models/internal/modeltest"

var testCases = modeltest.Cases
