package welcomemoon_test

import "fmt"

// fmtSscanf reads "space-N".
func fmtSscanf(s string, sp *int) (int, error) { return fmt.Sscanf(s, "space-%d", sp) }
