// Package welcomemoon will implement Welcome to the Moon, registered as
// "welcome-moon" (issue 8). It is empty until then.
package welcomemoon
