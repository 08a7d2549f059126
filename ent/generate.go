// Package ent is generated from ent/schema; only this file, entc.go and template/ are written
// by hand.
package ent

//go:generate go run -mod=mod entc.go
