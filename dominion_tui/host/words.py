"""An easy-to-say password: three short, common words that sound unlike each other."""
from __future__ import annotations

import secrets

WORDS = ["acorn", "anchor", "apple", "arrow", "badge", "baker", "bamboo", "banjo", "barn", "basket", "beach", "beacon", "bell", "berry", "bison", "blanket", "bloom", "boat", "bottle", "branch", "bread", "brick", "bridge", "brook", "bucket", "buffalo", "butter", "button", "cabin", "cactus", "camel", "candle", "canoe", "canyon", "carpet", "castle", "cedar", "chalk", "cherry", "chess", "cider", "circus", "cliff", "clock", "cloud", "clover", "coconut", "comet", "copper", "coral", "cotton", "cowboy", "crayon", "cricket", "crown", "daisy", "desert", "dolphin", "donkey", "dragon", "drum", "eagle", "elbow", "ember", "falcon", "feather", "fiddle", "forest", "fossil", "fountain", "fox", "garden", "garlic", "giant", "ginger", "glacier", "globe", "goat", "granite", "guitar", "hammer", "harbor", "hazel", "helmet", "honey", "hook", "horse", "island", "ivory", "jacket", "jelly", "jungle", "kettle", "kitten", "ladder", "lantern", "lemon", "lily", "lion", "lizard", "lobster", "magnet", "mango", "maple", "marble", "meadow", "melon", "mirror", "moose", "motor", "mountain", "mushroom", "napkin", "nest", "noodle", "oak", "ocean", "olive", "onion", "orange", "otter", "owl", "paddle", "panda", "parrot", "peach", "pebble", "pencil", "pepper", "piano", "pillow", "pine", "planet", "plum", "pocket", "pony", "potato", "pumpkin", "puzzle", "rabbit", "radio", "raven", "ribbon", "river", "robin", "rocket", "saddle", "salmon", "sandal", "saucer", "seal", "shadow", "shell", "silver", "sketch", "sparrow", "spider", "spoon", "squirrel", "stamp", "star", "stone", "sugar", "summer", "sunset", "swan", "table", "teapot", "tiger", "timber", "tomato", "torch", "tractor", "tulip", "turtle", "umbrella", "valley", "velvet", "violin", "wagon", "walnut", "whale", "whistle", "willow", "window", "winter", "wizard", "wolf", "yogurt", "zebra"]


def make_password(n: int = 3) -> str:
    """Three words joined by hyphens ("maple-otter-drum"): said aloud once, typed easily.
    Not a strong secret (about 22 bits): enough with the failed-password limit per address."""
    return "-".join(secrets.choice(WORDS) for _ in range(n))
