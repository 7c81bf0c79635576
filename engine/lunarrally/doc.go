// Package lunarrally will implement Lunar Rally, registered as "lunar-rally"
// (issue 6). It is empty until then.
package lunarrally
