# Parley bot image. Build: docker build -t parley .   Run: see README.md (docker compose up -d).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# DejaVu fonts for the board images (without them Pillow's built-in font is used).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, so a code change does not reinstall them.
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

# The bot runs unprivileged; it may write only to /data (the database).
RUN useradd --create-home --uid 10001 parley \
    && mkdir -p /data \
    && chown parley:parley /data

COPY . .

ENV DATABASE_PATH=/data/parley.db
VOLUME /data
USER parley

CMD ["python", "bot.py"]
