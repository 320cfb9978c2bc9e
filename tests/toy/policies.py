"""The toy game's policies: draw again below a threshold."""

from razzmatazz.core.policy import Param, PolicySpec, Registry

REGISTRY = Registry("toy")
REGISTRY.add(PolicySpec("stand", 0, (), "keeps its first card"))
REGISTRY.add(
    PolicySpec(
        "redraw",
        1,
        (Param("below", 6, 1, 11, "draws again below this card", integer=True),),
        "draws once more when its card is below the threshold",
    )
)
