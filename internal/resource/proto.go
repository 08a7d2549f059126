package resource

import commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"

// FromProto reads the links of a request, cleaned (see Clean).
func FromProto(in []*commonv1.Resource) []Resource {
	out := make([]Resource, 0, len(in))
	for _, r := range in {
		out = append(out, Resource{Label: r.GetLabel(), URL: r.GetUrl()})
	}
	return Clean(out)
}

// ToProto presents stored links, cleaned too: a link stored before the address rule existed
// is shown as the web app would open it, or not at all.
func ToProto(in []Resource) []*commonv1.Resource {
	in = Clean(in)
	out := make([]*commonv1.Resource, 0, len(in))
	for _, r := range in {
		out = append(out, &commonv1.Resource{Label: r.Label, Url: r.URL})
	}
	return out
}
