"""Pure rules cores: standard library only, no pygame, no pymunk, no file I/O."""
