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

// ToProto presents stored links.
func ToProto(in []Resource) []*commonv1.Resource {
	out := make([]*commonv1.Resource, 0, len(in))
	for _, r := range in {
		out = append(out, &commonv1.Resource{Label: r.Label, Url: r.URL})
	}
	return out
}
