// Package webapp embeds the built web app (webapp/dist, made by `npm run build`) into the
// server binary.
package webapp

import "embed"

// Dist is the production build. Before the first build it holds only a placeholder.
//
//go:embed all:dist
var Dist embed.FS
