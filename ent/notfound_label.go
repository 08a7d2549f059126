package ent

// Written by hand (ent's generator leaves files without its header alone).

// Label is the ent type a not-found is about: its package's Label constant (contact.Label).
// internal/apierr names the refused entity from it (« Contact introuvable »); without it, the
// type is only in the error's text.
func (e *NotFoundError) Label() string { return e.label }
