from .cli import main

if __name__ == "__main__":  # not when speech spawns a child that imports this module
    raise SystemExit(main())
