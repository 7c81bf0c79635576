// Package walkingmoon will implement Walking on the Moon, registered as
// "walking-moon" (issue 7). It is empty until then.
package walkingmoon
