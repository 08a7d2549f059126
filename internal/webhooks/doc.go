// Package webhooks sends an agency's events to the endpoints it registered: signed POSTs,
// tried again with a growing delay for 24 hours, each attempt recorded.
//
// Events and their deliveries are written by internal/webhooks/outbox in the transaction of
// the change they tell. The Worker of every server copy claims due deliveries in the database
// — one atomic UPDATE per delivery, guarded by its status and claim — so two copies never send
// one at the same time, and sends them through a client that dials only public addresses
// (ssrf.go). It also notices licences that expired (expiry.go): the one event no write makes.
package webhooks
